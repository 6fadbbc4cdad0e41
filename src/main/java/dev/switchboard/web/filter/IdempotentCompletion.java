package dev.switchboard.web.filter;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A request as the Jakarta REST application sees it: completing its asynchronous context once it
 * is already ending is not an error.
 *
 * <p>Two parties complete an event stream's context: the stream, when its last event is written
 * (the bindings write streams past Jersey, to the servlet response), and Jersey's own listener,
 * when the container reports an error on the request. An HTTP/2 client that resets its stream just
 * as the stream ends brings both: Tomcat then refused Jersey's second completion and logged it as
 * a WARNING with a stack trace, one per such client. The request ends either way and the reset is
 * the client's doing, so the refusal is a {@code FINE} line here.
 */
final class IdempotentCompletion extends HttpServletRequestWrapper {
    private static final Logger LOG = Logger.getLogger(IdempotentCompletion.class.getName());

    private volatile Context context;

    IdempotentCompletion(HttpServletRequest request) {
        super(request);
    }

    @Override
    public AsyncContext startAsync() {
        return remember(super.startAsync());
    }

    @Override
    public AsyncContext startAsync(ServletRequest request, ServletResponse response) {
        return remember(super.startAsync(request, response));
    }

    @Override
    public AsyncContext getAsyncContext() {
        AsyncContext started = super.getAsyncContext();
        Context known = context;
        return known != null && known.async == started ? known : started;
    }

    private AsyncContext remember(AsyncContext started) {
        Context known = new Context(started);
        context = known;
        return known;
    }

    /** The container's context, but for a completion that comes too late. */
    private static final class Context implements AsyncContext {
        private final AsyncContext async;

        Context(AsyncContext async) {
            this.async = async;
        }

        @Override
        public void complete() {
            try {
                async.complete();
            } catch (IllegalStateException e) {
                LOG.log(Level.FINE, "The request was ending already", e);
            }
        }

        @Override
        public ServletRequest getRequest() {
            return async.getRequest();
        }

        @Override
        public ServletResponse getResponse() {
            return async.getResponse();
        }

        @Override
        public boolean hasOriginalRequestAndResponse() {
            return async.hasOriginalRequestAndResponse();
        }

        @Override
        public void dispatch() {
            async.dispatch();
        }

        @Override
        public void dispatch(String path) {
            async.dispatch(path);
        }

        @Override
        public void dispatch(ServletContext context, String path) {
            async.dispatch(context, path);
        }

        @Override
        public void start(Runnable run) {
            async.start(run);
        }

        @Override
        public void addListener(AsyncListener listener) {
            async.addListener(listener);
        }

        @Override
        public void addListener(AsyncListener listener, ServletRequest request, ServletResponse response) {
            async.addListener(listener, request, response);
        }

        @Override
        public <T extends AsyncListener> T createListener(Class<T> type) throws ServletException {
            return async.createListener(type);
        }

        @Override
        public void setTimeout(long timeout) {
            async.setTimeout(timeout);
        }

        @Override
        public long getTimeout() {
            return async.getTimeout();
        }
    }
}
