"""Help screens that read like most command lines: typer (0.29) prints a type after every
flag (``--json <bool>``, though a flag takes no value) and a required argument as
``{content}`` on the usage line. Here a flag shows no type and an argument reads ``CONTENT``
(``[CONTENT]`` when optional), as click and most tools print them.

Applied once when the CLI is imported; a typer without these hooks is left as it is.
"""

from __future__ import annotations

from typing import Any

from typer import core


def apply() -> None:
    """Patch typer's option type column and argument usage name (idempotent)."""
    option = core.TyperOption
    if getattr(option, "_hybridmem_help", False):
        return
    shown_type = option.display_type_rich

    def flag_without_type(self: Any, ctx: Any) -> str | None:
        return None if getattr(self, "is_flag", False) else shown_type(self, ctx)

    option.display_type_rich = flag_without_type  # type: ignore[method-assign]
    argument = core.TyperArgument
    if hasattr(argument, "_usage_display_name"):

        def usage_name(self: Any) -> str:
            name = str(self.display_name_raw).upper()
            name = name if self.required else f"[{name}]"
            return name + ("..." if self.nargs != 1 else "")

        argument._usage_display_name = usage_name  # type: ignore[method-assign]
    option._hybridmem_help = True  # type: ignore[attr-defined]
