import { render } from 'preact';
import { App } from './app';
import './styles.css';
import './board/board.css'; // after styles.css: the table's rules win where they meet

render(<App />, document.getElementById('app')!);
