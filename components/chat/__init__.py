"""The assistant's chat: the cached agent, the chat panel and its message rendering."""
