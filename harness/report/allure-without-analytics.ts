// Allure 3's "awesome" report loads Google Analytics (gtag.js from googletagmanager.com)
// and sends it the Allure version and the report's id whenever someone opens it, and
// its generator offers no switch to leave that out (allure3#476). A certification
// report must open from disk without contacting anyone — an auditor may open it on a
// machine that must not — so the two script elements are taken out after generation.
// If a later Allure writes them differently, or the page loads anything else from the
// network, the report is refused rather than shipped with a call home.

const GTAG_SCRIPTS = /\s*<script async src="https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=[\w-]+"><\/script>\s*<script>\s*window\.dataLayer = window\.dataLayer \|\| \[\];[^<]*<\/script>/g;
/** An element that fetches from the network when the page opens. */
const FETCHES = /<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)=["']?(?:https?:)?\/\//i;

export class AllureAnalyticsError extends Error {
  override readonly name = 'AllureAnalyticsError';
}

/** The report's HTML without Allure's analytics scripts; throws where it would still fetch anything. */
export function withoutAnalytics(html: string): string {
  const stripped = html.replace(GTAG_SCRIPTS, '');
  if (FETCHES.test(stripped)) {
    throw new AllureAnalyticsError('the Allure report would load something from the network (Google Analytics, in a form wirecheck does not know how to remove); it was not kept (summary.json, JUnit and report.html are complete)');
  }
  return stripped;
}
