"""The play-log kind's pages, one module per page: history (the overview's context and the
History page), play_detail (one play's page), standings, delete (deleting a play) and live (the
overview's, the history's and the log-a-play form's live refresh)."""
