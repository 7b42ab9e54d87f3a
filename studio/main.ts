// The studio entry point; the Lit app is mounted here.
document.documentElement.dataset.ready = 'true';
