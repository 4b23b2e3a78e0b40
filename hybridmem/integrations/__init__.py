"""Front ends for agent frameworks, all over the public ``HybridMemory`` API.

- :mod:`~hybridmem.integrations.tools`: the memory tools, defined once (inputs, behaviour);
- :mod:`~hybridmem.integrations.openai_tools`: OpenAI function-calling schemas and dispatcher;
- :mod:`~hybridmem.integrations.mcp_server`: an MCP server (``hybridmem mcp``), extra ``[mcp]``;
- :mod:`~hybridmem.integrations.langchain`: a LangChain retriever, extra ``[langchain]``;
- :mod:`~hybridmem.integrations.llamaindex`: a LlamaIndex retriever, extra ``[llamaindex]``;
- :mod:`~hybridmem.integrations.langgraph`: a LangGraph ``BaseStore`` (and a graph state's
  messages into memory), extra ``[langgraph]``;
- :mod:`~hybridmem.integrations.langchain_chat`: LangChain messages into memory and a
  ``BaseChatMessageHistory``, extra ``[langchain]``;
- :mod:`~hybridmem.integrations.llamaindex_memory`: a memory block of LlamaIndex's ``Memory``,
  extra ``[llamaindex]``;
- :mod:`~hybridmem.integrations.agents_sdk`: an OpenAI Agents SDK ``Session``, extra ``[agents]``;
- :mod:`~hybridmem.integrations.history`: a framework's chat history kept item by item in the
  buffer (framework-free; the LangChain history and the Agents SDK session use it).

Importing this package imports no framework; each module imports its own.
"""
