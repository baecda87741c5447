// Every route but the home page and the sign-in pages: all of Blueprint's stylesheet, and the icon loader.
import '../layout/blueprint-full.css';
import './icon-loader';
