/** `forsyth/diagram`: a FEN's board as text (ASCII, Unicode, ANSI colour) or SVG. */
export { renderBoard, renderBoardSvg, type Diagram, type DiagramStyle } from '../diagram/diagram.js';
