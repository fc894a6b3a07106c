"""omseval: the OMS benchmark as a declarative, config-driven evaluation framework."""

__version__ = "0.1.0"
