export { rowWindow, type RowWindow } from './window';
export { VirtualTable, type VirtualColumn, type VirtualTableProps } from './virtual-table';
