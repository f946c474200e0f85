import { describe, expect, it } from 'vitest';
import { AllureAnalyticsError, withoutAnalytics } from './allure-without-analytics.ts';

// As Allure 3.18's awesome plugin writes them into index.html.
const GTAG = `
    <script async src="https://www.googletagmanager.com/gtag/js?id=G-LNDJ3J7WT0"></script>
    <script>
        window.dataLayer = window.dataLayer || [];
        function gtag(){dataLayer.push(arguments);}
        gtag('js', new Date());
        gtag('config', 'G-LNDJ3J7WT0', {
          "report": "awesome",
          "allureVersion": "3.18.0",
          "reportUuid": "20320e4f-1ce8-4565-9384-a1e05d371204",
          "single_file": "true"
        });
    </script>`;
const BEFORE = '<html><body><script src="data:text/javascript;base64,AAAA"></script>';
const AFTER = '\n    <script async>\n      window.allureReportDataReady = false;\n    </script></body></html>';

describe('withoutAnalytics', () => {
  it('takes out the gtag.js loader and its configuration, and nothing else', () => {
    expect(withoutAnalytics(`${BEFORE}${GTAG}${AFTER}`)).toBe(`${BEFORE}${AFTER}`);
  });

  it('refuses a report where a trace of analytics is left', () => {
    const rewritten = GTAG.replace('<script async src=', '<script defer src=');
    expect(() => withoutAnalytics(`${BEFORE}${rewritten}${AFTER}`)).toThrow(AllureAnalyticsError);
  });

  it('keeps a report without analytics as it is', () => {
    expect(withoutAnalytics(`${BEFORE}${AFTER}`)).toBe(`${BEFORE}${AFTER}`);
  });
});
