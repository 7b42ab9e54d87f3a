// The studio entry point: registers <gc-studio> (index.html places it). Export, handoff and
// the webcam load on demand, so this bundle stays small.
import './components/studio-app/studio-app.js';
