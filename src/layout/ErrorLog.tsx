// The error log (docs/rules.md, Screens): a header button with the count of client errors caught, a dialog listing them
// (message, stack, page, time), and the error boundary around every page that feeds it.
import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { Error as RaError, useTranslate } from 'react-admin';
import {
  Badge,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import BugReport from '@mui/icons-material/BugReport';
import { clearErrors, installErrorHandlers, logError, useErrorLog } from './errorLog';
import { useFormat } from '../lib/format';

installErrorHandlers();

export function ErrorLogButton() {
  const translate = useTranslate();
  const fmt = useFormat();
  const errors = useErrorLog();
  const [open, setOpen] = useState(false);
  if (errors.length === 0 && !open) return null;
  return (
    <>
      <Tooltip title={translate('vf.layout.error_log.button')}>
        <IconButton
          color="inherit"
          onClick={() => setOpen(true)}
          aria-label={translate('vf.layout.error_log.button')}
          data-testid="error-log-button"
        >
          <Badge badgeContent={errors.length} color="error" max={99}>
            <BugReport />
          </Badge>
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" fullWidth aria-labelledby="error-log-title">
        <DialogTitle id="error-log-title">{translate('vf.layout.error_log.title')}</DialogTitle>
        <DialogContent dividers>
          {errors.length === 0 ? (
            <Typography color="text.secondary">{translate('vf.layout.error_log.empty')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('vf.layout.error_log.message')}</TableCell>
                  <TableCell>{translate('vf.layout.error_log.url')}</TableCell>
                  <TableCell>{translate('vf.layout.error_log.time')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {errors.map((e, i) => (
                  <TableRow key={i} sx={{ verticalAlign: 'top' }}>
                    <TableCell sx={{ maxWidth: 560 }}>
                      <Typography sx={{ fontWeight: 600, color: 'error.main', wordBreak: 'break-word' }}>
                        {e.message}
                      </Typography>
                      {e.stack ? (
                        <Box component="details" sx={{ mt: 0.5 }}>
                          <summary>{translate('vf.layout.error_log.stack')}</summary>
                          <Box
                            component="pre"
                            sx={{ fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: 0 }}
                          >
                            {e.stack}
                          </Box>
                        </Box>
                      ) : null}
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{e.url}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(e.time)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={clearErrors} disabled={errors.length === 0}>
            {translate('vf.layout.error_log.clear')}
          </Button>
          <Button onClick={() => setOpen(false)} variant="contained">
            {translate('vf.layout.error_log.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

interface BoundaryState {
  error?: Error;
  info?: ErrorInfo;
}

/** Catches a page's render error, logs it, and shows react-admin's error page until the route changes. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = {};
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    logError(error);
    this.setState({ info });
  }
  reset = () => this.setState({ error: undefined, info: undefined });
  render() {
    if (this.state.error)
      return <RaError error={this.state.error} errorInfo={this.state.info} resetErrorBoundary={this.reset} />;
    return this.props.children;
  }
}
