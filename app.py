"""Contract Graph's entry point: page config, navigation, the shared sidebar, then the selected page."""

from __future__ import annotations

import logging

import streamlit as st

from components.chat.conversation import warm_agent_in_background
from components.chat.panel import render_chat_panel
from components.routes import (
    CHAT_PAGE,
    CONTRACT_PAGE,
    EXPLORER_PAGE,
    OVERVIEW_PAGE,
    PARTIES_PAGE,
    RENEWALS_PAGE,
    UPLOAD_PAGE,
)
from components.session import init_session_state
from components.sidebar import render_sidebar

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

# A local icon: a :material/...: favicon would be fetched from a font CDN, and this app works offline.
st.set_page_config(page_title="Contract Graph", page_icon="components/assets/favicon.png", layout="wide")
init_session_state()

PAGES = {
    "Portfolio": [
        st.Page(OVERVIEW_PAGE, title="Overview", icon=":material/dashboard:", default=True),
        st.Page(EXPLORER_PAGE, title="Explorer", icon=":material/filter_alt:", url_path="explorer"),
        st.Page(CONTRACT_PAGE, title="Contract", icon=":material/description:", url_path="contract"),
        st.Page(PARTIES_PAGE, title="Parties", icon=":material/groups:", url_path="parties"),
        st.Page(RENEWALS_PAGE, title="Renewals", icon=":material/event_repeat:", url_path="renewals"),
    ],
    "Assistant": [
        st.Page(CHAT_PAGE, title="Chat", icon=":material/chat:", url_path="chat"),
        st.Page(UPLOAD_PAGE, title="Upload", icon=":material/upload_file:", url_path="upload"),
    ],
}

page = st.navigation(PAGES)
render_sidebar()
if page.url_path != "chat":
    render_chat_panel(page.url_path)
page.run()
warm_agent_in_background()  # after the page: the agent's imports must not delay the first page drawn
