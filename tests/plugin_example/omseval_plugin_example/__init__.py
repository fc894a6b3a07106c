"""An omseval approach in a package of its own (approach=plugin_example): each correction restated by the run's
model, in a role of its own, and appended to its document.

builder  the approach's builder class (named by conf/approach/plugin_example.yaml's `_target_`)
roles    the offline model's role for its calls (entry point omseval.offline_roles)
conf     its conf/approach/plugin_example.yaml, which hydra_plugins.omseval_plugin_example puts on Hydra's search path
"""
