import factory
from django.contrib.auth import get_user_model

from campaigns.models import Campaign, Membership, Player


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("correct horse battery")


class CampaignFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Campaign

    name = factory.Sequence(lambda n: f"Campaign {n}")
    slug = factory.LazyAttribute(lambda o: Campaign.unique_slug(o.name))
    system = "risk-legacy"


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    campaign = factory.SubFactory(CampaignFactory)
    user = factory.SubFactory(UserFactory)
    role = Membership.Role.MEMBER


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    campaign = factory.SubFactory(CampaignFactory)
    name = factory.Sequence(lambda n: f"Player {n}")
    position = factory.Sequence(lambda n: n)
