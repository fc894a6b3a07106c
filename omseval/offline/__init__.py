"""The offline model (`model=offline`, inspect name `omseval/heuristic`): NOT a language model.

A deterministic lexical procedure that answers OMS's, the file editor's, Graphiti's, Mem0's, LangMem's, the
judge's and the question prompts, so that every experiment runs with no API key and no network and the tests are
deterministic. Its numbers describe this procedure, never a model's ability. Only the provider registry imports it.

provider   the inspect-ai model provider
answering  question answers, and the dispatch of a prompt to a role
rules      extract a rule and reconcile it with statements (OMS)
files      choose a file and edit it (file_edit)
judging    grade an answer against the intended rule (judge=offline)
graphiti   Graphiti's operations: entities, facts, duplicates and contradictions, summaries (approach=graphiti)
memory     Mem0's and LangMem's operations: extracted facts, memory tool calls, the optimized prompt (approach=mem0,
           langmem, langmem_prompt)
Roles beyond its own come from the `omseval.offline_roles` entry points (graphiti and memory are registered so).
"""
