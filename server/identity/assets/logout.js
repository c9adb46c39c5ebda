// Confirms the provider's sign-out form at once: logging out from the console needs no second click.
document.getElementById('op.logoutForm')?.submit();
