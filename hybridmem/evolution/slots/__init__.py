"""Which attribute a statement gives a value of (``user.city``, ``pref.coffee``...): rules over
structure and vocabulary (``rules``), statements about other people (``others``), a slot model
over the embedding (``embed``) and a pair model for statements no slot names (``pairs``)."""
