"""A snapshot becomes a checkpoint the writes after it extend (campaigns/states.py): each row
learns the last entry it folds; a row older than its campaign's journal is dropped (the next
read folds the journal, the next write keeps a checkpoint again)."""

from django.db import migrations, models
from django.db.models import Max, OuterRef, Subquery


def checkpoints(apps, schema_editor):
    Campaign = apps.get_model("campaigns", "Campaign")
    Entry = apps.get_model("campaigns", "Entry")
    Snapshot = apps.get_model("campaigns", "CampaignSnapshot")
    Snapshot.objects.exclude(
        journal_version=Subquery(
            Campaign.objects.filter(pk=OuterRef("campaign_id")).values("journal_version")[:1]
        )
    ).delete()
    last_positions = dict(
        Entry.objects.filter(undone_at__isnull=True)
        .values("campaign_id")
        .annotate(last=Max("position"))
        .values_list("campaign_id", "last")
    )
    for snapshot in Snapshot.objects.all().only("campaign_id", "journal_version", "state"):
        Snapshot.objects.filter(pk=snapshot.pk).update(
            through_position=last_positions.get(snapshot.campaign_id, -1),
            folds_from=snapshot.journal_version,
            state_bytes=len(snapshot.state),
        )


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0009_entries_set_aside")]

    operations = [
        migrations.AddField(
            model_name="campaignsnapshot", name="through_position", field=models.IntegerField(default=-1)
        ),
        migrations.AddField(
            model_name="campaignsnapshot", name="folds_from", field=models.PositiveIntegerField(default=0)
        ),
        migrations.AddField(
            model_name="campaignsnapshot", name="tail_undone_at", field=models.PositiveIntegerField(default=0)
        ),
        migrations.AddField(
            model_name="campaignsnapshot", name="state_bytes", field=models.PositiveIntegerField(default=0)
        ),
        migrations.RunPython(checkpoints, migrations.RunPython.noop),
    ]
