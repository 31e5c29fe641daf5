"""The contract assistant: a LangGraph agent whose tools query the graph through the dashboard's compiler.

    from agent.context import Context

    from core.settings import AgentSettings
    from agent.graph import build_agent
    from core.llm import build_chat_model
    from agent.runner import ask, stream_turn

See agent/context.py for the settings (LLM_PROVIDER, OPENAI_API_KEY, OPENAI_BASE_URL, LLM_MODEL, ...).
"""
