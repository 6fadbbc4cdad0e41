package dev.switchboard.web;

import dev.switchboard.skill.catalogue.CatalogueSkill;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;

/**
 * Publishes the catalogue the catalogue skill answers from at {@code /catalogue.json}: the file in
 * the WAR, or the one an operator configured in its place. Caching headers and validators come
 * from the conditional-GET filter in front of it.
 */
public final class CatalogueServlet extends HttpServlet {
    private transient Optional<CatalogueSkill> skill;

    @Override
    public void init() {
        skill = Switchboard.from(getServletContext()).skills().find(CatalogueSkill.class);
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (skill.isEmpty()) {
            HttpErrors.write(response, 404, HttpErrors.describe(404, request.getRequestURI()));
            return;
        }
        byte[] document = skill.get().document();
        response.setContentType("application/json");
        response.setHeader("Access-Control-Allow-Origin", "*");
        response.setContentLength(document.length);
        response.getOutputStream().write(document);
    }
}
