"""deploy/compose.yaml, checked without Docker (no daemon here or in CI).

Two checks: every service's command, environment, image and port in the compose file is one
the package (and the tools it ships with) accepts, parsed by the real CLI; and the same three
components run natively exactly as the file wires them (a PostgreSQL 15 cluster with the
image's user, database and password authentication, ``chroma run``, and ``hybridmem serve``
with the file's own command line and environment, service names swapped for 127.0.0.1), with
a second process acting as an agent on another host: it reaches the server by URL with the
token, and PostgreSQL + the Chroma server by URL as a library agent, and each finds what the
other wrote. What this cannot check is Docker itself: the images, the build, the network.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import tempfile
import textwrap
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
import typer
import yaml
from typer.testing import CliRunner

from benchmarks.servers import PG_SUPERUSER, chroma_server, free_port, postgres_cluster
from hybridmem.cli import app
from hybridmem.server import auth
from hybridmem.server.runner import wait_healthy

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "deploy" / "compose.yaml"
DOCKERFILE = ROOT / "deploy" / "Dockerfile"
_VAR = re.compile(r"\$\{(\w+)(?::\?[^}]*)?\}")


def compose() -> dict[str, Any]:
    return yaml.safe_load(COMPOSE.read_text())


def interpolate(value: str, env: dict[str, str]) -> str:
    """Compose's ``${NAME}`` / ``${NAME:?message}``; an unset name is an error, as there."""
    return _VAR.sub(lambda m: env[m.group(1)], value)


def required_variables() -> set[str]:
    return set(_VAR.findall(COMPOSE.read_text()))


def service_env(service: dict[str, Any], env: dict[str, str]) -> dict[str, str]:
    return {k: interpolate(str(v), env) for k, v in service.get("environment", {}).items()}


def option(args: list[str], name: str) -> str:
    return args[args.index(name) + 1]


def accepted_env_vars() -> set[str]:
    """Every environment variable the CLI's root and ``serve`` options read, and the server's
    token variables."""
    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    serve = root.commands["serve"]
    names = {auth.TOKEN_ENV, auth.TOKENS_FILE_ENV}
    for param in [*root.params, *serve.params]:
        envvar = getattr(param, "envvar", None)
        if isinstance(envvar, str):
            names.add(envvar)
        elif envvar:
            names.update(envvar)
    return names


def test_the_compose_file_names_only_what_the_package_accepts():
    services = compose()["services"]
    assert set(services) == {"postgres", "chroma", "hybridmem"}
    env = {name: "x" * 24 for name in required_variables()}
    assert required_variables() == {"POSTGRES_PASSWORD", "HYBRIDMEM_TOKEN"}

    hm = services["hybridmem"]
    command = [interpolate(str(a), env) for a in hm["command"]]
    # The console script pyproject installs, and an argument list the real CLI parses
    # (an option in the wrong place, or one that does not exist, fails here).
    assert command[0] == "hybridmem"
    parsed = CliRunner().invoke(app, [*command[1:], "--help"])
    assert parsed.exit_code == 0, parsed.output
    assert command[command.index("--chroma") + 2] == "serve"

    # The wiring: the database and the Chroma server are the other two services.
    pg = services["postgres"]
    pg_env = service_env(pg, env)
    url = option(command, "--db")
    assert url == (
        f"postgresql://{pg_env['POSTGRES_USER']}:{pg_env['POSTGRES_PASSWORD']}"
        f"@postgres:5432/{pg_env['POSTGRES_DB']}"
    )
    assert option(command, "--chroma") == "chroma:8000"
    assert "8000:8000" in services["chroma"]["ports"]
    assert f"{option(command, '--port')}:{option(command, '--port')}" in hm["ports"]
    assert option(command, "--host") == "0.0.0.0"  # beyond loopback: the token is required
    assert set(hm["depends_on"]) == {"postgres", "chroma"}
    health = pg["healthcheck"]["test"]
    assert health[:2] == ["CMD", "pg_isready"]
    assert option(health, "-U") == pg_env["POSTGRES_USER"]
    assert option(health, "-d") == pg_env["POSTGRES_DB"]

    # Every variable given to hybridmem is one the package reads, with a value it accepts.
    hm_env = service_env(hm, env)
    assert set(hm_env) <= accepted_env_vars(), set(hm_env) - accepted_env_vars()
    assert len(hm_env[auth.TOKEN_ENV]) >= auth.MIN_TOKEN_CHARS
    from hybridmem.embedding import MULTILINGUAL_ALIASES

    assert hm_env["HYBRIDMEM_EMBEDDER"] in {*MULTILINGUAL_ALIASES, "default", "minilm", "hash"}

    # Images: the Chroma server of the client's version, PostgreSQL of the tested major.
    assert services["chroma"]["image"] == f"chromadb/chroma:{version('chromadb')}"
    assert pg["image"] == "postgres:15"
    # The Dockerfile installs extras that exist and the torch the package is tested with.
    docker = DOCKERFILE.read_text()
    extras = re.search(r'pip install --no-cache-dir "\.\[([\w,]+)\]"', docker)
    assert extras is not None
    pyproject = (ROOT / "pyproject.toml").read_text()
    for extra in extras.group(1).split(","):
        assert re.search(rf"^{extra} = \[", pyproject, re.M), extra
    torch_pin = re.search(r'"torch==([\d.]+)"', docker)
    assert torch_pin is not None and version("torch").split("+")[0] == torch_pin.group(1)


AGENT = textwrap.dedent(
    """
    import json, os, sys
    import httpx
    from hybridmem import ChromaServer, HybridMemory

    api, token = os.environ["AGENT_API"], os.environ["AGENT_TOKEN"]
    host, port = os.environ["AGENT_CHROMA"].rsplit(":", 1)
    out = {}
    with httpx.Client(base_url=api, timeout=300) as http:
        out["no_token"] = http.get("/v1/store").status_code
        http.headers["Authorization"] = f"Bearer {token}"
        task = http.post("/v1/memories", json={"content": "Trip to Lisbon", "node_type": "task",
                                               "user_id": "u1"}).json()
        with HybridMemory(os.environ["AGENT_PG"], embedder=os.environ["AGENT_EMBEDDER"],
                          chroma=ChromaServer(host=host, port=int(port))) as mem:
            mem.add("The flight TP123 leaves at 9:40", parent_id=task["id"], user_id="u1")
            http.post("/v1/memories", json={"content": "Hotel Alfama, check-in after 15:00",
                                            "parent_id": task["id"], "user_id": "u1"})
            found = mem.retrieve("where do we stay in Lisbon", user_id="u1", top_k=3)
            out["library_top"] = found.hits[0].node.content
            out["library_sources"] = list(found.hits[0].breakdown.sources)
            out["clean"] = mem.verify().clean
        hit = http.post("/v1/search", json={"query": "when does the flight leave",
                                            "user_id": "u1"}).json()["hits"][0]
        out["server_top"] = hit["node"]["content"]
        out["server_sources"] = hit["breakdown"]["sources"]
        out["nodes"] = http.get("/v1/store").json()["nodes"]
    print(json.dumps(out))
    """
)


@pytest.mark.postgres
@pytest.mark.server
def test_the_compose_topology_runs_natively_and_an_agent_elsewhere_connects_by_url():
    services = compose()["services"]
    secret = {"POSTGRES_PASSWORD": secrets.token_urlsafe(18),
              "HYBRIDMEM_TOKEN": secrets.token_urlsafe(32)}  # fmt: skip
    pg_env = service_env(services["postgres"], secret)
    assert pg_env["POSTGRES_USER"] == PG_SUPERUSER  # the cluster's superuser, as in the image
    hm = services["hybridmem"]
    with (
        tempfile.TemporaryDirectory() as tmp,
        postgres_cluster(password=pg_env["POSTGRES_PASSWORD"]) as cluster,
        chroma_server(Path(tmp) / "chromadata") as chroma,
    ):
        cluster.create_database(pg_env["POSTGRES_DB"])
        # The compose healthcheck, natively (the container's socket is a TCP port here).
        ready = subprocess.run(
            [str(cluster.bindir / services["postgres"]["healthcheck"]["test"][1]),
             *services["postgres"]["healthcheck"]["test"][2:],
             "-h", "127.0.0.1", "-p", str(cluster.port)],
            capture_output=True, text=True,
        )  # fmt: skip
        assert ready.returncode == 0, ready.stdout + ready.stderr

        # hybridmem serve: the compose command, service names swapped for 127.0.0.1.
        port = free_port()
        swap = {
            "postgres:5432": f"127.0.0.1:{cluster.port}",
            "chroma:8000": f"127.0.0.1:{chroma.port}",
        }
        command = []
        for arg in (interpolate(str(a), secret) for a in hm["command"]):
            for name, here in swap.items():
                arg = arg.replace(name, here)
            command.append(arg)
        command[command.index("--host") + 1] = "127.0.0.1"
        command[command.index("--port") + 1] = str(port)
        env = {k: v for k, v in os.environ.items() if not k.startswith("HYBRIDMEM_")}
        env |= service_env(hm, secret)
        url = f"http://127.0.0.1:{port}"
        with tempfile.TemporaryFile("w+") as log:
            server = subprocess.Popen(
                [sys.executable, "-m", "hybridmem.cli", *command[1:]],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                text=True,
            )
            try:
                try:
                    wait_healthy(url, 300, alive=lambda: server.poll() is None)
                except (RuntimeError, TimeoutError):
                    log.seek(0)
                    pytest.fail(f"hybridmem serve did not start:\n{log.read()[-3000:]}")
                agent_env = {k: v for k, v in os.environ.items()
                             if not k.startswith("HYBRIDMEM_")}  # fmt: skip
                agent_env |= {
                    "AGENT_API": url,
                    "AGENT_TOKEN": secret["HYBRIDMEM_TOKEN"],
                    "AGENT_PG": cluster.url(pg_env["POSTGRES_DB"]),
                    "AGENT_CHROMA": f"127.0.0.1:{chroma.port}",
                    "AGENT_EMBEDDER": hm["environment"]["HYBRIDMEM_EMBEDDER"],
                }
                agent = subprocess.run([sys.executable, "-c", AGENT], env=agent_env,
                                       capture_output=True, text=True, timeout=600)  # fmt: skip
                assert agent.returncode == 0, agent.stderr[-3000:]
            finally:
                server.terminate()
                server.wait(timeout=60)
    seen = json.loads(agent.stdout.strip().splitlines()[-1])
    assert seen["no_token"] == 401
    # Each side found the other's write, by vector too (every process has vector search).
    assert seen["server_top"] == "The flight TP123 leaves at 9:40"
    assert "vector" in seen["server_sources"]
    assert seen["library_top"] == "Hotel Alfama, check-in after 15:00"
    assert "vector" in seen["library_sources"]
    assert seen["nodes"] == 4  # root, task, the two notes
    assert seen["clean"]


@pytest.mark.postgres
def test_a_wrong_database_password_is_refused_without_showing_it():
    with postgres_cluster(password=secrets.token_urlsafe(18)) as cluster:
        cluster.create_database("memory")
        wrong = cluster.url("memory").replace(cluster.password or "", "not-the-password")
        from hybridmem.errors import StoreUnavailableError
        from hybridmem.store.postgres import PostgresStore

        with pytest.raises(StoreUnavailableError) as caught:
            PostgresStore(wrong)
        assert "not-the-password" not in str(caught.value)
        assert f"{PG_SUPERUSER}@127.0.0.1:{cluster.port}/memory" in str(caught.value)
