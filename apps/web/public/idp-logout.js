// Posts the identity provider's sign-out form as soon as the page loads (kept in a file so the
// page's content security policy needs no inline script).
document.forms[0]?.submit();
