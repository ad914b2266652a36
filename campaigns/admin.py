from django.contrib import admin

from .models import Campaign, Entry, Membership, Player


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ["name", "system", "games_played", "last_played_on"]
    list_filter = ["system"]
    search_fields = ["name", "slug"]
    inlines = [MembershipInline, PlayerInline]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["campaign", "position", "kind", "game_number", "recorded_at", "undone_at"]
    list_filter = ["kind"]
    # The journal is changed through the rules layer only (store.append / store.undo_last).
    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False
