# Varnish in front of the site: one cached copy of each public page for every visitor, dropped by
# tag when a record it was built from changes (the site sends `PURGE` with `xkey-purge`), and
# served stale while the site does not answer. See deploy/varnish/README.md.
#
# Needs Varnish 6 or later and vmod-xkey (Debian: `apt-get install varnish varnish-modules`).
vcl 4.1;

import directors;
import std;
import xkey;

# --- Back-ends: every instance of the site (edit the addresses; add as many as you run). ---
probe site_health {
    .url = "/healthz";
    .interval = 1s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
}

backend site_a {
    .host = "127.0.0.1";
    .port = "3000";
    .probe = site_health;
}

backend site_b {
    .host = "127.0.0.1";
    .port = "3001";
    .probe = site_health;
}

sub vcl_init {
    new site = directors.round_robin();
    site.add_backend(site_a);
    site.add_backend(site_b);
}
# --- End of back-ends. ---

# Who may purge: the site's instances (EDGE_VARNISH_PURGE points them at this Varnish).
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    set req.backend_hint = site.backend();

    # A purge from the site: drop every object carrying any of the tags (space-separated).
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "xkey-purge header required"));
        }
        set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.n-gone));
    }

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }

    # Never stored: the dashboard, sign-in, previews and reviewer links, and anything asked for
    # with a session or a preview cookie (the site answers those `private, no-store` too).
    if (req.url ~ "^/(admin|api|preview)(/|\.data|\?|$)") {
        return (pass);
    }
    if (req.http.Cookie) {
        if (req.http.Cookie ~ "(^|;\s*)((__Secure-)?better-auth\.session_token|release_preview)=") {
            return (pass);
        }
        # Other cookies (analytics, consent) do not change a public page.
        unset req.http.Cookie;
    }

    # Campaign query strings share one copy, as they do in the site's page cache: utm_*, and
    # the ad networks' click ids (gclid, gbraid, wbraid, dclid, fbclid, msclkid, yclid, ttclid,
    # twclid, li_fat_id, mc_cid, mc_eid, _ga, _gl). Other parameters stay in the key, sorted.
    if (std.strstr(req.url, "?")) {
        set req.url = regsuball(req.url, "(?i)([?&])(utm_[a-z0-9_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|yclid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|_ga|_gl)=[^&]*", "\1");
        set req.url = regsuball(req.url, "&{2,}", "&");
        set req.url = regsub(req.url, "\?&+", "?");
        set req.url = regsub(req.url, "[?&]+$", "");
        set req.url = std.querysort(req.url);
    }

    # stale-while-revalidate: while the site answers, a page past its lifetime is served for
    # this long while a new copy is fetched; when no instance answers, for the whole grace
    # (stale-if-error, set from the page's headers in vcl_backend_response).
    if (std.healthy(req.backend_hint)) {
        set req.grace = 60s;
    }
    return (hash);
}

sub vcl_backend_response {
    # Public pages carry the edge's lifetimes in CDN-Cache-Control (their Cache-Control makes
    # browsers ask each time): max-age is the time to live, stale-if-error the grace.
    if (beresp.http.CDN-Cache-Control ~ "max-age=\d+") {
        set beresp.ttl = std.duration(regsub(beresp.http.CDN-Cache-Control, "^.*max-age=(\d+).*$", "\1s"), 0s);
        set beresp.grace = std.duration(regsub(beresp.http.CDN-Cache-Control, "^.*stale-if-error=(\d+).*$", "\1s"), 0s);
        set beresp.keep = 0s;
    }
    # What only edges read is not kept with the copy, so no hit spends time removing it: the other
    # edges' tags and lifetimes (Fastly's Surrogate-Key and Surrogate-Control, Cloudflare's
    # Cache-Tag, RFC 9213's CDN-Cache-Control, read above). Only xkey stays on the stored copy,
    # for vmod-xkey, which finds the copies to purge by it; vcl_deliver removes it from answers.
    # (With a CDN in front of this Varnish, delete these four lines: it needs them.)
    unset beresp.http.CDN-Cache-Control;
    unset beresp.http.Surrogate-Control;
    unset beresp.http.Surrogate-Key;
    unset beresp.http.Cache-Tag;

    # A copy from the site's answer to an error is not kept: the stale copy goes on serving.
    if (beresp.status >= 500) {
        if (bereq.is_bgfetch) {
            return (abandon);
        }
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    # Never keep what is private or sets a cookie.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(private|no-store)") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # A public page: tagged, with the lifetime read above (a tagged answer without one is not
    # stored, as below: no lifetime, no copy).
    if (beresp.http.xkey && beresp.ttl > 0s) {
        return (deliver);
    }
    # Hashed assets and files keep their own lifetimes; anything else untagged (client-side
    # navigation data, the sitemap) is not stored, since no purge would reach it.
    if (bereq.url !~ "^/(assets|uploads)/" && bereq.url !~ "^/[^/?]+\.(css|js|png|jpg|jpeg|webp|avif|svg|ico|woff2|txt|webmanifest)(\?|$)") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
    }
    return (deliver);
}

sub vcl_deliver {
    # Whether the answer came from the cache, for operators (Age and X-Varnish say it too).
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # The tags are for Varnish, not browsers (the other edges' headers were removed on fetch).
    unset resp.http.xkey;
}
