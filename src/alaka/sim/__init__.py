"""Simulation at scale: the arena (bots against bots, many seeded games)."""
