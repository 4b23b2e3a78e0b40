"""Front ends for agent frameworks, all over the public ``HybridMemory`` API.

- :mod:`~hybridmem.integrations.tools`: the memory tools, defined once (inputs, behaviour);
- :mod:`~hybridmem.integrations.openai_tools`: OpenAI function-calling schemas and dispatcher;
- :mod:`~hybridmem.integrations.mcp_server`: an MCP server (``hybridmem mcp``), extra ``[mcp]``;
- :mod:`~hybridmem.integrations.langchain`: a LangChain retriever, extra ``[langchain]``;
- :mod:`~hybridmem.integrations.llamaindex`: a LlamaIndex retriever, extra ``[llamaindex]``;
- :mod:`~hybridmem.integrations.langgraph`: a LangGraph ``BaseStore``, extra ``[langgraph]``.

Importing this package imports no framework; each module imports its own.
"""
