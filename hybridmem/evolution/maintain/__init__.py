"""What changes memories after they are written: weights and half-lives (``weights``),
forgetting plans (``forgetting``), distillation into profiles (``distill``, ``profiles``), the
maintenance pass that applies them (``maintenance``) and recall probes (``probe``)."""
