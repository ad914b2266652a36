from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import Resolver404, resolve, reverse_lazy
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from .. import account as account_data
from .. import signing_in
from ..forms import DeleteAccountForm, EmailForm, LoginForm, PasswordResetForm, SetPasswordForm, SignupForm
from ..models import Campaign
from ..web.htmx import render_page, wants_fragment
from ..web.params import same_origin_path
from ..web.throttle import allowed

# How many new accounts, and how many password-reset e-mails, one place may ask for in an hour:
# more than a table ever needs, few enough that nobody fills the site or someone's inbox.
SIGNUPS_AN_HOUR = 20
RESETS_AN_HOUR = 5
TOO_MANY = "Too many {what} from this place in the last hour: wait a while and try again."


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
    if request.method == "POST" and not allowed(request, "signup", SIGNUPS_AN_HOUR, 3600):
        form.is_valid()
        form.add_error(None, TOO_MANY.format(what="new accounts"))
    elif request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend=signing_in.PATH)
        if same_origin_path(next_url):
            return redirect(next_url)
        return redirect("home")
    return render_page(request, "registration/signup.html",
                       {"form": form, "next": next_url, "joining": invited_to(next_url)})


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def account(request):
    """Your account: its name, its e-mail address (changed with its password) and its password."""
    form = EmailForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        request.user.email = form.cleaned_data["email"]
        request.user.save(update_fields=["email"])
        said = f"Your e-mail address is now {request.user.email}." if request.user.email else (
            "Your account has no e-mail address now: a forgotten password cannot be reset."
        )
        messages.success(request, said)
        return redirect("account")
    return render_page(request, "registration/account.html", {"form": form})


class PasswordResetView(auth_views.PasswordResetView):
    """"Forgot your password?": a link to set a new one, e-mailed to the account's address.
    An address no account has is answered exactly as one that has (nobody learns who has an
    account here); one place asks for a few an hour at most."""

    form_class = PasswordResetForm
    success_url = reverse_lazy("password_reset_done")
    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"

    def form_valid(self, form):
        if not allowed(self.request, "password-reset", RESETS_AN_HOUR, 3600):
            form.add_error(None, TOO_MANY.format(what="password resets"))
            return self.form_invalid(form)
        return super().form_valid(form)


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """The link's page: a new password, once; an expired or used link says so."""

    form_class = SetPasswordForm
    success_url = reverse_lazy("password_reset_complete")


@login_required
@require_http_methods(["GET", "HEAD"])
def my_data(request):
    """Download my data: the account and every campaign it belongs to, each as its journal."""
    import json

    from django.http import HttpResponse

    body = json.dumps(account_data.data_of(request.user), ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="legacy-ledger-{request.user.get_username()}.json"'
    )
    return response


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def delete_account(request):
    """Delete my account, with my password: each campaign I own goes to a member I choose, or
    with me (after the page's warning)."""
    from ..rules.base import RuleError

    campaigns = account_data.owned(request.user)
    form = DeleteAccountForm(request.user, campaigns, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            account_data.delete_account(request.user, form.next_owners())
        except RuleError as error:
            form.add_refusal(error)
        else:
            logout(request)
            messages.success(
                request, "Your account is deleted. Your roster names stay in their campaigns, as names."
            )
            return redirect("home")
    form.focus_first_error()
    return render_page(request, "registration/account_delete.html", {"form": form, "campaigns": campaigns})
