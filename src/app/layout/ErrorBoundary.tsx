import { Alert, Button } from "@mui/material";
import { Component, type ErrorInfo, type ReactNode } from "react";

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Translated texts (the boundary is a class and cannot call hooks). */
  message: string;
  retryLabel: string;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/** Keeps the shell (menus, top bar) usable when one view crashes. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Slotdesk view error", error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => this.setState({ failed: false })}>
            {this.props.retryLabel}
          </Button>
        }
      >
        {this.props.message}
      </Alert>
    );
  }
}
