"""The game protocol, chance, records and the registry. Standard library only."""
