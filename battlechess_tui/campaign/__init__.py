"""Campaign play of D&D Battle Chess (DD-40..DD-48): a series of games between two sides whose
pieces keep their levels and items, with war chests, prizes and a magic item shop.

Pure Python: the Textual screens (``ui/screens/campaign.py``, ``ui/screens/shop.py``) only show
these models and call these functions. No module here imports a game: what the campaign needs
of D&D it asks of the ``CampaignSupport`` the game's rules hand out (``support.py``,
``engine/campaign.py``; D&D's is ``rules/dnd/campaign.py``).
"""
