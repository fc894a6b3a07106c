"""Graphiti (graphiti-core, Zep's temporal knowledge graph) as a guidance approach: `approach=graphiti`.

builder   the approach: documents and corrections in as episodes, current facts out as documents
llm       Graphiti's LLM client over the run's inspect model (structured output, calls.jsonl, losses)
embedder  the embedder and cross-encoder: hashed word stems (not a neural embedder) or a local GGUF model
"""
