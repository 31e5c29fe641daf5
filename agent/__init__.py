"""The contract assistant: a LangGraph agent whose tools query the graph through the dashboard's compiler.

    from agent.context import Context
    from agent.graph import build_agent
    from agent.runner import ask, stream_turn
    from core.llm import build_chat_model
    from core.settings import AgentSettings

See core/settings.py for the settings (LLM_PROVIDER, OPENAI_API_KEY, OPENAI_BASE_URL, LLM_MODEL, ...).
"""
