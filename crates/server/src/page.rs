//! The player's page at `/` and the event pages under `/events/` (registration, organizer,
//! judge, published lists, the printable sheets): plain HTML, CSS and a small script compiled
//! into the binary (`web/`), talking to the same API as everyone else. No external requests.

use actix_web::HttpResponse;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY};

const INDEX: &str = include_str!("../web/index.html");
const SCRIPT: &str = include_str!("../web/app.js");
const STYLE: &str = include_str!("../web/style.css");
const REGISTER: &str = include_str!("../web/register.html");
const ORGANIZER: &str = include_str!("../web/organizer.html");
const JUDGE: &str = include_str!("../web/judge.html");
const PUBLISHED: &str = include_str!("../web/published.html");
const EVENTS_SCRIPT: &str = include_str!("../web/events.js");
const EVENTS_STYLE: &str = include_str!("../web/events.css");
const SHEET: &str = include_str!("../web/sheet.html");
const SHEET_SCRIPT: &str = include_str!("../web/sheet.js");
const SHEET_STYLE: &str = include_str!("../web/sheet.css");

/// Only this origin: no CDN, no inline code from elsewhere.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'";

fn asset(content_type: &str, body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((CONTENT_SECURITY_POLICY, CSP))
        .insert_header((CACHE_CONTROL, "no-cache"))
        .body(body)
}

pub async fn index() -> HttpResponse {
    asset("text/html; charset=utf-8", INDEX)
}

pub async fn script() -> HttpResponse {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

pub async fn style() -> HttpResponse {
    asset("text/css; charset=utf-8", STYLE)
}

/// The player's registration page (`/events/register`).
pub async fn register() -> HttpResponse {
    asset("text/html; charset=utf-8", REGISTER)
}

/// The organizer's page (`/events/organizer`).
pub async fn organizer() -> HttpResponse {
    asset("text/html; charset=utf-8", ORGANIZER)
}

/// The judge's page (`/events/judge`).
pub async fn judge() -> HttpResponse {
    asset("text/html; charset=utf-8", JUDGE)
}

/// The published lists of an event, readable (`/events/published`).
pub async fn published() -> HttpResponse {
    asset("text/html; charset=utf-8", PUBLISHED)
}

pub async fn events_script() -> HttpResponse {
    asset("text/javascript; charset=utf-8", EVENTS_SCRIPT)
}

pub async fn events_style() -> HttpResponse {
    asset("text/css; charset=utf-8", EVENTS_STYLE)
}

/// The printable deck-registration sheets (`/events/sheet`).
pub async fn sheet() -> HttpResponse {
    asset("text/html; charset=utf-8", SHEET)
}

pub async fn sheet_script() -> HttpResponse {
    asset("text/javascript; charset=utf-8", SHEET_SCRIPT)
}

pub async fn sheet_style() -> HttpResponse {
    asset("text/css; charset=utf-8", SHEET_STYLE)
}
