from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _create_cache_table(sender, using="default", **kwargs):
    """With CACHE_URL=db:// (a cache shared through the database), migrate creates its table."""
    from django.conf import settings
    from django.core.management import call_command

    if any(cache["BACKEND"].endswith("DatabaseCache") for cache in settings.CACHES.values()):
        call_command("createcachetable", database=using, verbosity=0)


class CampaignsConfig(AppConfig):
    name = "campaigns"
    verbose_name = "Campaigns"

    def ready(self):
        post_migrate.connect(_create_cache_table, sender=self)
