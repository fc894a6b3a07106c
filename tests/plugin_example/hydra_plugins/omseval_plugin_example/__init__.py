"""Hydra finds this plug-in in the `hydra_plugins` namespace package: it puts the package's conf/ on the search
path, so that its conf/approach/plugin_example.yaml is an option of omseval's approach group."""

from hydra.core.config_search_path import ConfigSearchPath
from hydra.plugins.search_path_plugin import SearchPathPlugin


class OmsevalPluginExampleSearchPath(SearchPathPlugin):
    def manipulate_search_path(self, search_path: ConfigSearchPath) -> None:
        search_path.append(provider="omseval-plugin-example", path="pkg://omseval_plugin_example.conf")
