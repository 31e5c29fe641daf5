"""The Upload page's steps: engine choice, processing, the review form, the draft and the outcome."""
