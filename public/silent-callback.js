// Landing page of the popup login and of the hidden-iframe silent authorization. It hands the answer
// (the whole URL with code/state or error) back to the console window, which checks and redeems it.
// The message is the one oidc-client-ts 3.5 waits for (AbstractChildWindow: source 'oidc-client', url,
// keepOpen), posted only to our own origin; without an opener (popup isolated by COOP) it uses the
// BroadcastChannel that oidc-client-ts also listens on.
(function () {
  'use strict';
  var message = { source: 'oidc-client', url: window.location.href, keepOpen: false };
  var origin = window.location.origin;
  if (window.opener && window.opener !== window) {
    window.opener.postMessage(message, origin);
    window.close();
  } else if (window.parent && window.parent !== window) {
    window.parent.postMessage(message, origin);
  } else {
    var state = new URL(window.location.href).searchParams.get('state');
    if (state && 'BroadcastChannel' in window) {
      var channel = new BroadcastChannel('oidc-client-popup-' + state);
      channel.postMessage(message);
      channel.close();
      window.close();
    } else {
      window.location.replace('/'); // opened by hand: nothing to hand back
    }
  }
})();
