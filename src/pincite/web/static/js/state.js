// pincite web UI, state.js: the page's one mutable state and the words of i18n.js (loaded before
// this module, as window.pinciteI18n): T() in the interface's language, TL() in a given one,
// answerLang().

// Fixed words come from i18n.js: T() in the interface's language, TL() in a given one (an
// answer and its page view speak the question's language, answerLang()).
export const I18N = window.pinciteI18n;
export const T = (key, vars) => I18N.t(state.uiLang, key, vars);
export const TL = (lang, key, vars) => I18N.t(I18N.LANGS.includes(lang) ? lang : state.uiLang, key, vars);
export const answerLang = (ans) => (ans && I18N.LANGS.includes(ans.language) ? ans.language : state.uiLang);

// Milliseconds from a click to the page image's load event: on a source (pinciteTimings)
// and on previous/next (pinciteTurnTimings).
window.pinciteTimings = [];
window.pinciteTurnTimings = [];

export const state = {
  uiLang: I18N.uiLang(),
  token: null,
  answer: null,
  askSeq: 0,
  askAbort: null,
  askTimer: null,
  documents: [],
  uploads: [],
  librarySig: null,
  edit: null,        // {docId, row}: the document whose fields are being edited
  librarySeq: 0,
  pollTimer: null,
  view: null,        // {citation, docId, file, title, lang, page, pages}
  navSeq: 0,
  pendingImage: null, // {seq, url, t0}
  confirmResolve: null,
};
