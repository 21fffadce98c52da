// A prerendered page carries inline only the rules its drawn markup uses, and its stylesheets beside them as
// media="print" with data-deferred, so they are fetched with the page but hold nothing back from its first paint
// (scripts/prerenderPage.ts). Everything the app draws after that needs them whole: the entries switch them on
// before anything else runs.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-deferred]')) link.media = 'all';
