"""battlechess: dice-and-battle chess variants in the terminal."""

__version__ = "0.3.0"
