"""Training the learned bots (``alaka train``): self-play on the simulator's machinery, fitting
with PyTorch (the ``train`` extra), evaluation in the arena. Playing never imports this package:
the bots read the weights with NumPy alone (:mod:`alaka.bots.learned`)."""
