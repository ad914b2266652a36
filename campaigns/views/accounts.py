from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect
from django.urls import Resolver404, resolve
from django_htmx.http import HttpResponseClientRedirect

from ..forms import LoginForm, SignupForm
from ..models import Campaign
from ..web.htmx import render_page, wants_fragment
from ..web.params import same_origin_path


class LoginView(auth_views.LoginView):
    """Log in. An htmx request for part of a page lands here when the session ended elsewhere
    (logged out in another tab, expired, a new password): it gets the whole login page, not
    the login form dropped into that part of the page."""

    redirect_authenticated_user = True
    authentication_form = LoginForm  # refuses a username longer than any account's (never a 500)

    def get(self, request, *args, **kwargs):
        if wants_fragment(request):
            return HttpResponseClientRedirect(request.get_full_path())
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["joining"] = invited_to(context.get("next"))
        return context


def invited_to(next_url) -> Campaign | None:
    """The campaign an invite link names, when the page after logging in is that link (the
    login and signup pages say which campaign the player is about to join)."""
    if not next_url or not same_origin_path(next_url):
        return None
    try:
        match = resolve(next_url.split("?")[0])
    except Resolver404:
        return None
    if match.url_name != "join":
        return None
    return Campaign.objects.filter(invite_token=match.kwargs["token"]).first()


def signup(request):
    """Create an account and log in with it."""
    if request.user.is_authenticated:
        return redirect("home")
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        if same_origin_path(next_url):
            return redirect(next_url)
        return redirect("home")
    return render_page(request, "registration/signup.html",
                       {"form": form, "next": next_url, "joining": invited_to(next_url)})
