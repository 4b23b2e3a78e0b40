"""The speech-act filter: what a user *did* with an utterance (asserted, asked, supposed,
felt), read before anything is remembered. Rules over forms and cue lexicons (``rules``,
``lexicon``, ``discourse``, ``volition``: a want read by its aspect), an optional second
opinion from the embedding (``embed``); the labels in ``labels``, the entry points in
``acts``."""
