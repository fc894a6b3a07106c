"""The package's config group options (pkg://omseval_plugin_example.conf on Hydra's search path)."""
