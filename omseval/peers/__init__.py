"""Other memory systems as guidance approaches ("peers"), each over the run's inspect model.

chat       the run's model as the libraries call it: calls.jsonl, inspect's cache and retries, losses and stops
chat_model that model as a LangChain chat model with tool calling (LangMem)
embedding  hashed word stems: NOT a neural embedder (Mem0's, and Graphiti's by default)
base       what the peer builders share: the pinned library, the journal, the starting documents
mem0       approach=mem0: Mem0 (mem0ai), one memory per skill
langmem    approach=langmem (LangMem's memory manager) and approach=langmem_prompt (its prompt optimizer)

Graphiti, the first peer, lives in omseval.graphiti. A library is imported only when a build starts, so that a
missing extra is refused in one line before any work.
"""
