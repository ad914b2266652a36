"""Each campaign's part of its players' stats, kept in the database for the journal version it
was worked out at (campaigns/contributions.py): a fresh worker reads it, not the state."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0010_snapshot_checkpoint_and_tail"),
    ]

    operations = [
        migrations.CreateModel(
            name="CampaignStatsRecord",
            fields=[
                (
                    "campaign",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="stats_record",
                        serialize=False,
                        to="campaigns.campaign",
                    ),
                ),
                ("key", models.CharField(max_length=300)),
                ("parts", models.BinaryField()),
            ],
        ),
    ]
