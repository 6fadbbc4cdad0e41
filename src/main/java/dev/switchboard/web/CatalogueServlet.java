package dev.switchboard.web;

import dev.switchboard.skill.catalogue.CatalogueSkill;
import dev.switchboard.web.binding.HttpErrors;
import dev.switchboard.web.binding.HttpNames;
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
    private final transient Optional<CatalogueSkill> skill;

    /** @param skill the installed catalogue skill; without one the document is not there */
    CatalogueServlet(Optional<CatalogueSkill> skill) {
        this.skill = skill;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (skill.isEmpty()) {
            HttpErrors.write(response, 404, HttpErrors.describe(404, request.getRequestURI()));
            return;
        }
        byte[] document = skill.get().document();
        response.setContentType(HttpNames.JSON);
        response.setHeader("Access-Control-Allow-Origin", "*");
        response.setContentLength(document.length);
        response.getOutputStream().write(document);
    }
}
