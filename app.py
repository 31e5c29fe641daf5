"""Contract Graph's entry point: page config, navigation, the shared sidebar, then the selected page."""

from __future__ import annotations

import logging

import streamlit as st

from components.chat_panel import render_chat_panel
from components.session import init_session_state
from components.sidebar import render_sidebar

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

# A local icon: a :material/...: favicon would be fetched from a font CDN, and this app works offline.
st.set_page_config(page_title="Contract Graph", page_icon="components/assets/favicon.png", layout="wide")
init_session_state()

PAGES = {
    "Portfolio": [
        st.Page("pages/overview.py", title="Overview", icon=":material/dashboard:", default=True),
        st.Page("pages/explorer.py", title="Explorer", icon=":material/filter_alt:", url_path="explorer"),
        st.Page("pages/contract.py", title="Contract", icon=":material/description:", url_path="contract"),
        st.Page("pages/parties.py", title="Parties", icon=":material/groups:", url_path="parties"),
    ],
    "Assistant": [
        st.Page("pages/chat.py", title="Chat", icon=":material/chat:", url_path="chat"),
        st.Page("pages/upload.py", title="Upload", icon=":material/upload_file:", url_path="upload"),
    ],
}

page = st.navigation(PAGES)
render_sidebar()
if page.url_path != "chat":
    render_chat_panel(page.url_path)
page.run()
