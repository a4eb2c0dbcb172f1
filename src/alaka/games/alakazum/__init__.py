"""Alakazum!: a 2-5 player card game of witches, regional traditions and culture points."""
